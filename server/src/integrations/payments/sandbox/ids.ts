// Ids in the shape a provider's have: a type prefix, then random hex.
import { randomBytes } from 'node:crypto';

export const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;
