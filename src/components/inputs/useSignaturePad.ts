// The drawing pad behind SignatureInput: it draws back a signature made earlier (Back from step 3), keeps the
// strokes when the canvas width changes, and reports the drawing as a PNG data URL ('' when empty).
import { useEffect, useRef } from 'react';
import type SignatureCanvasModule from 'react-signature-canvas';

export type SignaturePadRef = InstanceType<typeof SignatureCanvasModule>;

export function useSignaturePad(value: string, onChange: (value: string) => void) {
  const padRef = useRef<SignaturePadRef | null>(null);
  const valueRef = useRef(value);
  const onChangeRef = useRef(onChange);

  useEffect(() => {
    valueRef.current = value;
    onChangeRef.current = onChange;
  });

  // Draw back a signature made earlier (Back from step 3), and keep it when the canvas width changes.
  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (valueRef.current) pad.fromDataURL(valueRef.current);

    const onResize = () => {
      const canvas = pad.getCanvas();
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = canvas.offsetWidth * ratio;
      const heightPx = canvas.offsetHeight * ratio;
      if (!width || (width === canvas.width && heightPx === canvas.height)) return;
      const strokes = pad.toData();
      canvas.width = width;
      canvas.height = heightPx;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length) pad.fromData(strokes);
      else if (valueRef.current) pad.fromDataURL(valueRef.current);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  /** At the end of each stroke. */
  const emit = () => {
    const pad = padRef.current;
    if (!pad) return;
    onChangeRef.current(pad.isEmpty() ? '' : pad.toDataURL('image/png'));
  };

  const reset = () => {
    padRef.current?.clear();
    onChangeRef.current('');
  };

  return { padRef, emit, reset };
}
