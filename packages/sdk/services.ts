/** The services whose specs live in /specs; one generated client each. */
export const SERVICES = ['user', 'tms', 'support'] as const;
export type Service = (typeof SERVICES)[number];
