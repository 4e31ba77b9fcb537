/** The settings screen's own queries; the training settings stay under the training feature's key. */
export const settingsKeys = {
  all: ['settings'] as const,
  account: () => ['settings', 'account'] as const,
  sessions: () => ['settings', 'sessions'] as const,
  securityLog: () => ['settings', 'security-log'] as const,
};
