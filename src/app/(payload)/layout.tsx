/* Payload admin root layout (Payload's standard wiring; keep it in step with @payloadcms/next), with the form-state
   function wrapped against two false signals: field errors wiped by a late answer, and "changed by another user" after a single-language publish (src/lib/admin/formState.ts). */
import config from '@payload-config'
import '@payloadcms/next/css'
import { handleServerFunctions, RootLayout } from '@payloadcms/next/layouts'
import type { ServerFunctionClient } from 'payload'
import type React from 'react'

import { adminFormState } from '@/lib/admin/formState'

import { importMap } from './admin/importMap.js'

const serverFunction: ServerFunctionClient = async function (args) {
  'use server'
  return handleServerFunctions({ ...args, config, importMap, serverFunctions: { 'form-state': adminFormState } })
}

export default function Layout({ children }: { children: React.ReactNode }) {
  return (
    <RootLayout config={config} importMap={importMap} serverFunction={serverFunction}>
      {children}
    </RootLayout>
  )
}
