// The bulk import's bounds, for the server (importKeys, the endpoint) and the admin's form alike.
export const IMPORT_MAX_ITEMS = 500
export const IMPORT_MAX_FILE_BYTES = 64 * 1024
/** The whole import, links and files together (500 keys are far less); nginx's client_max_body_size is the same. */
export const IMPORT_MAX_BODY_BYTES = 4 * 1024 * 1024
