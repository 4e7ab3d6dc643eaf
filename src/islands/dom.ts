// A little DOM building for the islands.

type Attributes = Record<string, string | boolean | undefined>

/** An element with attributes (true: present, false or undefined: absent) and children. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) node.setAttribute(name, '')
    else if (typeof value === 'string') node.setAttribute(name, value)
  }
  node.append(...children)
  return node
}

/** Whether a click is a plain one, which the page may handle itself (not one that opens a new tab or window). */
export function isPlainClick(event: MouseEvent): boolean {
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
}

/** The closest element matching `selector` from a click's target. */
export function closestTarget<E extends Element>(event: Event, selector: string): E | null {
  return event.target instanceof Element ? event.target.closest<E>(selector) : null
}

/** The elements matching `selector` in `root`, `root` itself included (what React or a window just put in the page). */
export function within<E extends Element>(root: ParentNode, selector: string): E[] {
  return [...(root instanceof Element && root.matches(selector) ? [root as E] : []), ...root.querySelectorAll<E>(selector)]
}
