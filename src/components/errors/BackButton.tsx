'use client'
// "Go back": the previous page in this tab, or the main page when there is none.
export function BackButton({ label, fallbackHref }: { label: string; fallbackHref: string }) {
  return (
    <button
      type="button"
      className="button"
      onClick={() => (window.history.length > 1 ? window.history.back() : window.location.assign(fallbackHref))}
    >
      {label}
    </button>
  )
}
