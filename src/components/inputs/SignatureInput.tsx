// The hand-drawn signature of registration step 2: a 145 px canvas, black pen on white, kept as a PNG data URL.
import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import SignatureCanvasModule from 'react-signature-canvas';
import { useTranslate } from 'react-admin';
import { SIGNATURE_CANVAS_HEIGHT } from '../../../contract/constants';
import { useSignaturePad } from './useSignaturePad';

// The package ships CommonJS; the production bundle hands us the module object, not the class.
const SignatureCanvas = ((SignatureCanvasModule as any).default ??
  SignatureCanvasModule) as typeof SignatureCanvasModule;

const WHITE = 'rgb(255, 255, 255)';

export interface SignatureInputProps {
  /** The signature as a PNG data URL, or '' when nothing is drawn. */
  value: string;
  onChange: (value: string) => void;
  label: string;
  resetLabel: string;
  helperText?: string;
  error?: string;
  required?: boolean;
  height?: number;
}

export function SignatureInput({
  value,
  onChange,
  label,
  resetLabel,
  helperText,
  error,
  required,
  height = SIGNATURE_CANVAS_HEIGHT,
}: SignatureInputProps) {
  const translate = useTranslate();
  const { padRef, emit, reset } = useSignaturePad(value, onChange);
  const labelId = useId();
  const helperId = useId();

  const message = error ? translate(error, { _: error }) : helperText;

  return (
    <Box sx={{ my: 1 }}>
      <FormLabel id={labelId} required={required} error={Boolean(error)} sx={{ display: 'block', mb: 0.5 }}>
        {translate(label, { _: label })}
      </FormLabel>
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
            'aria-describedby': message ? helperId : undefined,
            'aria-invalid': Boolean(error),
            style: { display: 'block', width: '100%', height },
          }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <FormHelperText id={helperId} error={Boolean(error)}>
          {message ?? ' '}
        </FormHelperText>
        <Button size="small" onClick={reset} sx={{ mt: 0.5 }}>
          {translate(resetLabel, { _: resetLabel })}
        </Button>
      </Box>
    </Box>
  );
}
