'use client'
// React pages get the islands (src/islands/start.ts) too: the copy buttons, times, key window, search form, login
// popup and purchase form are server markup on every page, and their behaviour is written once, there. Started after
// React has hydrated the page, and loaded then, so it is not part of a React page's first load. The pages served
// without React (src/lib/islands/islandPage.mjs) lose this component with React's scripts and start the same code
// from their own script.
import { useEffect } from 'react'

export function IslandBehaviours() {
  useEffect(() => {
    void import('@/islands/start').then(({ startIslands }) => startIslands())
  }, [])
  return null
}
