// The typed signature, the keyboard's way to sign: the name written in a script font, black on white, on a
// canvas of the drawing pad's size, and kept as a PNG data URL like a drawn signature (sent as sign.png).

/** Handwriting-like fonts that ship with Windows, macOS and Linux desktops, then the browser's cursive. */
export const SIGNATURE_FONTS =
  '"Segoe Script", "Brush Script MT", "Snell Roundhand", "URW Chancery L", cursive';

/** The ink's share of the canvas: the height of the letters, and the width the name may take. */
const FONT_HEIGHT = 0.45;
const MARGIN = 0.05;

export interface SignatureSize {
  /** Pixels, as the drawing canvas has them (its CSS size times the device pixel ratio). */
  width: number;
  height: number;
}

/** The name as a PNG data URL; '' when the name is blank or the browser cannot draw. */
export function renderTypedSignature(name: string, { width, height }: SignatureSize): string {
  const text = name.trim();
  if (!text || width <= 0 || height <= 0) return '';
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return '';
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);

  // a long name is set smaller so that it fits between the margins
  const font = (px: number) => `italic ${px}px ${SIGNATURE_FONTS}`;
  let size = Math.round(height * FONT_HEIGHT);
  context.font = font(size);
  const room = width * (1 - 2 * MARGIN);
  const measured = context.measureText(text).width;
  if (measured > room) {
    size = Math.max(1, Math.floor((size * room) / measured));
    context.font = font(size);
  }
  context.fillStyle = '#000000';
  context.textAlign = 'left';
  context.textBaseline = 'middle';
  context.fillText(text, width * MARGIN, height / 2);
  return canvas.toDataURL('image/png');
}
