import crypto from 'node:crypto';

/** A stable version-4-shaped UUID for a seed record, so a reset keeps every link to it working. */
export function seedId(key: string): string {
  const bytes = crypto.createHash('sha256').update(`spotter-seed:${key}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
