/**
 * The integer ranges the kernel headers promise (DESIGN 1: every product inside 32 bits, so
 * the WGSL twins compute what the CPU twins compute). JS numbers never overflow, so a bound
 * test computes the header's worst-case intermediate directly and checks it against these.
 */
export const I32_MAX = 2 ** 31 - 1;
export const U32_MAX = 2 ** 32 - 1;
