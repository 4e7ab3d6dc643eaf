// docs/operating/without-docker.md as a new operator runs it on a fresh Debian, as root: tried once on a clean
// Debian 12 root filesystem (debootstrap minbase), where each of these tripped it. The section is read as written.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const doc = readFileSync(path.resolve(__dirname, '../../../docs/operating/without-docker.md'), 'utf8')
const section = doc.slice(doc.indexOf('# Production without Docker'))

describe('the commands for a fresh Debian server (docs/operating/without-docker.md)', () => {
  it('is the section, whole', () => {
    expect(section.length).toBeGreaterThan(3_000)
  })

  it('never assumes sudo, and installs curl, git and the CA certificates before using them', () => {
    expect(section).not.toMatch(/\bsudo\s+-?[a-z]/)
    const install = section.indexOf('apt-get install -y curl ca-certificates git')
    expect(install).toBeGreaterThan(-1)
    for (const tool of ['curl -fsSL', 'git clone']) expect(section.indexOf(tool), tool).toBeGreaterThan(install)
  })

  it('never pipes a download into a shell: a failed download went on to install Debian’s Node 18 without npm', () => {
    expect(section).not.toMatch(/\|\s*(sudo\s+)?(-E\s+)?bash/)
    expect(section).toMatch(/node --version/)
  })

  it('makes the site’s user with a home, and its .env readable by that user only', () => {
    expect(section).toMatch(/useradd --create-home/)
    expect(section).toMatch(/install -m 600 -o vpnkeys -g vpnkeys \.env\.example \.env/)
    expect(section).not.toMatch(/\bcp \.env\.example/)
  })

  it('renders nginx’s files from the code’s folder (the templates are read by relative path)', () => {
    const render = section.indexOf('< deploy/nginx/')
    expect(render).toBeGreaterThan(-1)
    expect(section.lastIndexOf('cd /srv/vpnkeys', render)).toBeGreaterThan(section.lastIndexOf('```sh', render))
  })

  it('says how to install the firewall it asks for', () => {
    expect(section).toMatch(/apt-get install -y nftables/)
  })
})
