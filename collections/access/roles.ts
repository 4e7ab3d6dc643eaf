// Role checks shared by the access functions and admin callbacks (which receive a loosely typed ClientUser).
type MaybeUser = { role?: unknown } | { [key: string]: unknown } | null | undefined

function roleOf(user: MaybeUser): unknown {
  return user && 'role' in user ? user.role : undefined
}

export function isStaff(user: MaybeUser): boolean {
  const role = roleOf(user)
  return role === 'editor' || role === 'admin'
}

export function isAdminUser(user: MaybeUser): boolean {
  return roleOf(user) === 'admin'
}
