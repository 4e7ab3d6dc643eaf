// Small V2Ray geo files (geoip.dat, geosite.dat) for Debian's v2ray, which ships none: the site's Xray JSON names
// `geoip:ru` and `geosite:category-ru` as the apps' bundled files define them, and v2ray refuses a configuration
// whose categories it cannot load. The files hold only what a test gives them, in v2ray's protobuf layout
// (v2ray-core app/router/config.proto: GeoIPList, GeoSiteList).
import { isIPv4 } from 'node:net'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'

function varint(value: number): Buffer {
  const bytes: number[] = []
  let rest = value
  while (rest > 0x7f) {
    bytes.push((rest & 0x7f) | 0x80)
    rest >>>= 7
  }
  bytes.push(rest)
  return Buffer.from(bytes)
}

const bytesField = (field: number, payload: Buffer) => Buffer.concat([varint((field << 3) | 2), varint(payload.length), payload])
const stringField = (field: number, text: string) => bytesField(field, Buffer.from(text, 'utf8'))
const numberField = (field: number, value: number) => Buffer.concat([varint(field << 3), varint(value)])

function cidr(network: string): Buffer {
  const [address = '', prefix = ''] = network.split('/')
  if (!isIPv4(address)) throw new Error(`geoFiles: only IPv4 ranges, not ${network}`)
  return Buffer.concat([bytesField(1, Buffer.from(address.split('.').map(Number))), numberField(2, Number(prefix))])
}

// Domain.Type: Plain = 0, Regex = 1, Domain = 2 (the name and its subdomains), Full = 3.
const domain = (name: string) => Buffer.concat([numberField(1, 2), stringField(2, name)])

/** Writes geoip.dat (country code → IPv4 ranges) and geosite.dat (category → domains) into `directory`. */
export async function writeGeoFiles(directory: string, { ip, sites }: { ip: Record<string, string[]>; sites: Record<string, string[]> }): Promise<void> {
  const geoip = Object.entries(ip).map(([code, networks]) => bytesField(1, Buffer.concat([stringField(1, code.toUpperCase()), ...networks.map((network) => bytesField(2, cidr(network)))])))
  const geosite = Object.entries(sites).map(([code, names]) => bytesField(1, Buffer.concat([stringField(1, code.toUpperCase()), ...names.map((name) => bytesField(2, domain(name)))])))
  await writeFile(path.join(directory, 'geoip.dat'), Buffer.concat(geoip))
  await writeFile(path.join(directory, 'geosite.dat'), Buffer.concat(geosite))
}
