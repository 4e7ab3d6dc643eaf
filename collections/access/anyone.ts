// Access for content that every visitor may read.
import type { Access } from 'payload'

export const anyone: Access = () => true
