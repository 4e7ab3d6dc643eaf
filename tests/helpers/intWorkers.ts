/**
 * How many integration files run at once (vitest.config.ts), each on its worker's database. Three on two cores: a file
 * waits on real servers, clients and databases much of its time (two at a time left 30 % of the cores idle, `vmstat 5`).
 * With the build beside them, here: two took 224 s, three 171 s, four 163 s with the cores saturated (6 % idle).
 */
export const INT_WORKERS = 3
