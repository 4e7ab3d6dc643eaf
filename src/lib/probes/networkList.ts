// A key's networks as one text ("МТС, мобильный, Ростелеком"): how the keys store where they work or are blocked,
// and how the islands find the visitor's own network in it. A network's name may itself hold ", ", so a name is
// found only whole, between separators.
export const NETWORK_SEPARATOR = ', '

export function joinNetworks(networks: readonly string[]): string | null {
  return networks.length > 0 ? networks.join(NETWORK_SEPARATOR) : null
}

/** Whether the list names `network`, whole. */
export function listsNetwork(list: string, network: string): boolean {
  return network !== '' && `${NETWORK_SEPARATOR}${list}${NETWORK_SEPARATOR}`.includes(`${NETWORK_SEPARATOR}${network}${NETWORK_SEPARATOR}`)
}
