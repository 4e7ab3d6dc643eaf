// How key QR codes are drawn; tests draw the expected code with the same options.
export const QR_OPTIONS = { size: 208, level: 'M', marginSize: 2 } as const
