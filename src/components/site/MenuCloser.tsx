'use client'
// The phone menu is a popover in the layout, which stays put across client-side navigation: a tap on one of its
// links opens the new page, and this closes the menu over it.
import { usePathname } from 'next/navigation'
import { useEffect } from 'react'

export function MenuCloser({ menuId }: { menuId: string }) {
  const pathname = usePathname()
  useEffect(() => {
    const menu = document.getElementById(menuId)
    if (menu?.matches(':popover-open')) menu.hidePopover()
  }, [pathname, menuId])
  return null
}
