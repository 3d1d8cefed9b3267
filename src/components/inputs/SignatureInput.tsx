// The signature of registration step 2: drawn on a 145 px canvas, black pen on white, or typed (the keyboard's
// way: the pad cannot be used without a pointer) and written out in script on a canvas of the same size. Either
// is kept as a PNG data URL.
import { useId, useState, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import SignatureCanvasModule from 'react-signature-canvas';
import { useTranslate } from 'react-admin';
import { SIGNATURE_CANVAS_HEIGHT } from '../../../contract/constants';
import { padSize, TypedSignature, useTypedSignature } from './TypedSignature';
import { useSignaturePad, type SignaturePadRef } from './useSignaturePad';

// The package ships CommonJS; the production bundle hands us the module object, not the class.
const SignatureCanvas = ((SignatureCanvasModule as { default?: typeof SignatureCanvasModule }).default ??
  SignatureCanvasModule) as typeof SignatureCanvasModule;

const WHITE = 'rgb(255, 255, 255)';

export interface SignatureInputProps {
  /** The signature as a PNG data URL, or '' when nothing is drawn or typed. */
  value: string;
  onChange: (value: string) => void;
  label: string;
  resetLabel: string;
  helperText?: string;
  error?: string;
  required?: boolean;
  height?: number;
  /** The text a typed signature starts from (the printed name), until the signer edits it. */
  typedDefault?: string;
  /** The tabs' labels, the typed field's label and its hint. */
  drawLabel: string;
  typeLabel: string;
  typedLabel: string;
  typedHelperText?: string;
}

type SignatureMode = 'draw' | 'type';

export function SignatureInput(props: SignatureInputProps) {
  const { value, onChange, label, resetLabel, error, required, height = SIGNATURE_CANVAS_HEIGHT } = props;
  const translate = useTranslate();
  const t = (key: string) => translate(key, { _: key });
  const { padRef, emit, reset } = useSignaturePad(value, onChange);
  const [mode, setMode] = useState<SignatureMode>('draw');
  // null: the typed signature follows the printed name
  const [typed, setTyped] = useState<string | null>(null);
  const typedText = typed ?? props.typedDefault ?? '';
  useTypedSignature(mode === 'type', typedText, () => padSize(padRef, height), onChange);
  const ids = { label: useId(), helper: useId(), draw: useId(), type: useId() };

  const hint = mode === 'type' ? props.typedHelperText : props.helperText;
  const message = error ? t(error) : hint;
  const describedBy = message ? ids.helper : undefined;

  // back to the pad: what is drawn on it (the typed signature reports itself from its hook)
  const switchTo = (next: SignatureMode) => {
    setMode(next);
    if (next === 'draw') emit();
  };

  return (
    <Box sx={{ my: 1 }} role="group" aria-labelledby={ids.label}>
      <FormLabel id={ids.label} required={required} error={Boolean(error)} sx={{ display: 'block', mb: 0.5 }}>
        {t(label)}
      </FormLabel>
      <Tabs
        value={mode}
        onChange={(_event, next: SignatureMode) => switchTo(next)}
        aria-labelledby={ids.label}
        // two halves whose labels wrap: on a phone the second would otherwise be cut off at the right
        variant="fullWidth"
        sx={{ mb: 1 }}
      >
        <Tab value="draw" label={t(props.drawLabel)} id={`${ids.draw}-tab`} aria-controls={ids.draw} />
        <Tab value="type" label={t(props.typeLabel)} id={`${ids.type}-tab`} aria-controls={ids.type} />
      </Tabs>
      <Box role="tabpanel" id={ids.draw} aria-labelledby={`${ids.draw}-tab`} hidden={mode !== 'draw'}>
        <DrawnSignature
          padRef={padRef}
          emit={emit}
          labelId={ids.label}
          describedBy={describedBy}
          error={Boolean(error)}
          height={height}
        />
      </Box>
      {mode === 'type' ? (
        <Box role="tabpanel" id={ids.type} aria-labelledby={`${ids.type}-tab`}>
          <TypedSignature
            text={typedText}
            onText={setTyped}
            png={value}
            label={t(props.typedLabel)}
            describedBy={describedBy}
            error={Boolean(error)}
            height={height}
          />
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <FormHelperText id={ids.helper} error={Boolean(error)}>
          {message ?? ' '}
        </FormHelperText>
        {mode === 'draw' ? (
          <Button size="small" onClick={reset} sx={{ mt: 0.5 }}>
            {t(resetLabel)}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

interface DrawnSignatureProps {
  padRef: RefObject<SignaturePadRef | null>;
  emit: () => void;
  labelId: string;
  describedBy?: string;
  error: boolean;
  height: number;
}

/** The drawing pad. It stays mounted while the typed signature is shown, so that its drawing and size remain. */
function DrawnSignature({ padRef, emit, labelId, describedBy, error, height }: DrawnSignatureProps) {
  return (
    <Box
      sx={{
        border: 1,
        borderColor: error ? 'error.main' : 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: WHITE,
        touchAction: 'none',
      }}
    >
      <SignatureCanvas
        ref={padRef}
        penColor="black"
        backgroundColor={WHITE}
        clearOnResize={false}
        onEnd={emit}
        canvasProps={{
          role: 'img',
          'aria-labelledby': labelId,
          'aria-describedby': describedBy,
          'aria-invalid': error,
          style: { display: 'block', width: '100%', height },
        }}
      />
    </Box>
  );
}
