// Copy buttons (CopyButton's markup, `data-copy`): copy and say so on the button for a moment.
import { COPIED_MS, writeClipboard } from '@/lib/browser/clipboard'

import { closestTarget } from './dom'
import { text } from './texts'

const timers = new WeakMap<HTMLButtonElement, number>()

function show(button: HTMLButtonElement, state: 'idle' | 'copied' | 'failed'): void {
  const label = button.querySelector('span')
  button.dataset.state = state
  if (label) label.textContent = state === 'idle' ? (button.dataset.label ?? '') : text(state === 'copied' ? 'KeyTable.copied' : 'KeyTable.copyFailed')
  window.clearTimeout(timers.get(button))
  if (state !== 'idle') timers.set(button, window.setTimeout(() => show(button, 'idle'), COPIED_MS))
}

export function setUpCopy(): void {
  document.addEventListener('click', (event) => {
    const button = closestTarget<HTMLButtonElement>(event, 'button[data-copy]')
    if (!button) return
    writeClipboard(button.dataset.copy ?? '').then(
      () => show(button, 'copied'),
      () => show(button, 'failed'),
    )
  })
}
