// Copy buttons (CopyButton's markup, `data-copy`): copy and say so on the button for a moment; a free key's copy is
// counted (`data-taken-key`).
import { COPIED_MS, writeClipboard } from '@/islands/clipboard'
import { reportKeyTaken } from '@/islands/keyTaken'

import { closestTarget, within } from './dom'
import { text } from './texts'

const timers = new WeakMap<HTMLButtonElement, number>()

function show(button: HTMLButtonElement, state: 'idle' | 'copied' | 'failed'): void {
  const label = button.querySelector('span')
  button.dataset.state = state
  if (label) label.textContent = state === 'idle' ? (button.dataset.label ?? '') : text(state === 'copied' ? 'KeyTable.copied' : 'KeyTable.copyFailed')
  window.clearTimeout(timers.get(button))
  if (state !== 'idle') timers.set(button, window.setTimeout(() => show(button, 'idle'), COPIED_MS))
}

/** Copy buttons are served disabled until a script can copy (CopyButton): this one can, in `root`. */
export function enableCopyButtons(root: ParentNode): void {
  for (const button of within<HTMLButtonElement>(root, 'button[data-copy][disabled]')) button.disabled = false
}

export function setUpCopy(): void {
  document.addEventListener('click', (event) => {
    const button = closestTarget<HTMLButtonElement>(event, 'button[data-copy]')
    if (!button) return
    writeClipboard(button.dataset.copy ?? '').then(
      () => {
        show(button, 'copied')
        // A free key's copy is a take (CopyButton's `takenKey`).
        if (button.dataset.takenKey) reportKeyTaken(button.dataset.takenKey)
      },
      () => show(button, 'failed'),
    )
  })
}
