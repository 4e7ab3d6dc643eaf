'use client'
// "Go back": the previous page when it was one of ours, or the main page (a link opened in a new tab or from
// another site has nothing of ours to go back to; history.back() would leave the site or show a blank tab).
function cameFromThisSite(): boolean {
  try {
    return document.referrer !== '' && new URL(document.referrer).origin === window.location.origin
  } catch {
    return false
  }
}

export function BackButton({ label, fallbackHref }: { label: string; fallbackHref: string }) {
  return (
    <button
      type="button"
      className="button needs-js"
      onClick={() => (window.history.length > 1 && cameFromThisSite() ? window.history.back() : window.location.assign(fallbackHref))}
    >
      {label}
    </button>
  )
}
