/** How many integration files run at once (vitest.config.ts): the machine's two cores, each file on its worker's database. */
export const INT_WORKERS = 2
