// The two indexing modes of the internal route: the production host is indexed, every other host is not.
export const ROBOTS_MODES = ['index', 'noindex'] as const
export type RobotsMode = (typeof ROBOTS_MODES)[number]

export function isRobotsMode(value: unknown): value is RobotsMode {
  return value === 'index' || value === 'noindex'
}
