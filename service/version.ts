/** Service, manifest and API version (SPEC 9). */
export const SERVICE_NAME = 'glyphcast';
export const SERVICE_VERSION = '0.3.0';
