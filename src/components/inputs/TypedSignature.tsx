// The typed alternative to the drawing pad (it cannot be used by keyboard): a text field, the printed name by
// default, whose text is written out in a script font on a canvas of the pad's size and reported as the PNG.
import { useEffect, useRef, type RefObject } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { LIMITS } from '../../../contract/constants';
import { renderTypedSignature, type SignatureSize } from './typedSignature';
import type { SignaturePadRef } from './useSignaturePad';

/** The drawing canvas's pixel size, so that a typed signature is the same image a drawn one would be. */
export function padSize(padRef: RefObject<SignaturePadRef | null>, cssHeight: number): SignatureSize {
  const canvas = padRef.current?.getCanvas();
  if (canvas && canvas.width > 0 && canvas.height > 0) return { width: canvas.width, height: canvas.height };
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  return { width: Math.round(600 * ratio), height: Math.round(cssHeight * ratio) };
}

/** While the typed signature is chosen, reports its PNG each time the text changes ('' when blank). */
export function useTypedSignature(
  active: boolean,
  text: string,
  size: () => SignatureSize,
  onChange: (png: string) => void,
) {
  const latest = useRef({ size, onChange });
  useEffect(() => {
    latest.current = { size, onChange };
  });
  useEffect(() => {
    if (active) latest.current.onChange(renderTypedSignature(text, latest.current.size()));
  }, [active, text]);
}

export interface TypedSignatureProps {
  text: string;
  onText: (text: string) => void;
  /** The PNG reported for the text: previewed under the field. */
  png: string;
  label: string;
  describedBy?: string;
  error: boolean;
  height: number;
}

export function TypedSignature({
  text,
  onText,
  png,
  label,
  describedBy,
  error,
  height,
}: TypedSignatureProps) {
  return (
    <>
      <TextField
        label={label}
        value={text}
        onChange={(event) => onText(event.target.value)}
        error={error}
        autoComplete="name"
        slotProps={{ htmlInput: { 'aria-describedby': describedBy, maxLength: LIMITS.textMax } }}
      />
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: '#ffffff',
          height,
        }}
      >
        {/* the field above says the same in words */}
        {png ? (
          <Box component="img" src={png} alt="" sx={{ display: 'block', width: '100%', height }} />
        ) : null}
      </Box>
    </>
  );
}
