// Copying to the clipboard in the browser, for the copy buttons (./copy.ts).

export async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text)
  // Older in-app browsers: fall back to a selected textarea.
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  if (!copied) throw new Error('copy command refused')
}

/** How long "Copied" stays on the button. */
export const COPIED_MS = 2500
