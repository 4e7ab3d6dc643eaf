// The marker that has the visitor's platform tab chosen in the browser (src/islands/platforms.ts): cached pages
// cannot know it.
export function PlatformPreselect({ group }: { group: string }) {
  return <span hidden data-platform-group={group} />
}
