// The drawn signature must really be a PNG: the 8-byte signature, a well-formed IHDR chunk and the IEND trailer.
import zlib from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
/** A signature pad is a few hundred pixels wide; anything past this is not a drawn signature. */
const MAX_SIDE = 8192;
const BIT_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

export interface PngInfo {
  width: number;
  height: number;
}

/** The image size of a valid PNG, or null for anything else. */
export function inspectPng(data: Buffer): PngInfo | null {
  if (data.length < PNG_SIGNATURE.length + 25 + IEND.length) return null;
  if (!data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  // The first chunk is IHDR: length 13, type, width, height, bit depth, colour type, compression, filter, interlace, CRC.
  if (data.readUInt32BE(8) !== 13 || data.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  const [bitDepth, colourType, compression, filter, interlace] = data.subarray(24, 29);
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return null;
  if (!BIT_DEPTHS[colourType]?.includes(bitDepth) || compression !== 0 || filter !== 0 || interlace > 1)
    return null;
  if (zlib.crc32(data.subarray(12, 29)) !== data.readUInt32BE(29)) return null;
  if (!data.subarray(data.length - IEND.length).equals(IEND)) return null;
  return { width, height };
}
