// common: what every kernel module shares, after the generated preamble (engine/gpu/preamble.ts:
// the fixed-point constants of engine/fixed.ts and the `Frame` / `ReduceStep` structs).
//
// Group 0 is one bind group for the whole frame, with one explicit layout shared by every
// pipeline: the Frame uniform and `tables`, every lookup table of the plan packed as u32
// (offsets in Frame: srgbToLinearAt, linearToToneAt, ...; i32 entries such as the directional
// glyphs (-1 = none) are stored as their two's complement and read back with bitcast).
// Group 1 holds each kernel's own buffers.
//
// Dispatch maths: element kernels run one invocation per element, WORKGROUP_SIZE per workgroup
// (an override fed from TypeScript). n elements need g = ceil(n / WORKGROUP_SIZE) workgroups,
// dispatched as (min(g, maxX), ceil(g / maxX)) so any n fits the 65535-per-dimension limit;
// flatIndex() undoes it, and each kernel returns early past its n.
//
// Integer semantics the twins share: u32 `/` and `>>` are JS Math.floor(a / b) and `>>>` on
// non-negative values; i32 `>>` is JS `>>` (arithmetic, flooring); countLeadingZeros is
// Math.clz32. Every product stays inside 32 bits by the bounds in each kernel's header.

override WORKGROUP_SIZE: u32 = 64u;

@group(0) @binding(0) var<uniform> frame: Frame;
@group(0) @binding(1) var<storage, read> tables: array<u32>;

fn flatIndex(wid: vec3u, nwg: vec3u, lid: vec3u) -> u32 {
  return (wid.y * nwg.x + wid.x) * WORKGROUP_SIZE + lid.x;
}

/** luma.ts `interpolate`: a 4097-entry table at `at`, indexed by v >> 4, interpolated by the low 4 bits. */
fn interpolate(at: u32, v: u32) -> u32 {
  let i = v >> 4u;
  let f = v & 15u;
  return (tables[at + i] * (16u - f) + tables[at + i + 1u] * f + 8u) >> 4u;
}

/** luma.ts `luminance`: Rec. 709 in Q16, the sum <= 65535 * 65536 + 32768 < 2^32 (u32). */
fn luminance(r: u32, g: u32, b: u32) -> u32 {
  return (r * LUMA_R + g * LUMA_G + b * LUMA_B + 32768u) >> 16u;
}

/** luma.ts `saturatedSrgb`: one channel's 8-bit sRGB color, saturated around the luminance y (color, twoColor). */
fn saturatedSrgb(v: u32, y: u32) -> u32 {
  let sat = i32(y) + (((i32(v) - i32(y)) * i32(frame.saturation)) >> 8u);
  return interpolate(frame.linearToSrgbAt, u32(clamp(sat, 0, LINEAR_MAX)));
}

/** Glyph coverage (Q12) of table entry g. */
fn coverageOf(g: u32) -> i32 {
  return i32(tables[frame.coverageAt + g]);
}

/** The directional glyph k (0 '|', 1 '/', 2 '-', 3 '\'), -1 when the charset has none. */
fn directionalGlyph(k: u32) -> i32 {
  return bitcast<i32>(tables[frame.directionalAt + k]);
}

/**
 * The clamped 3 x 3 neighbourhood of sample i in a w x h plane: columns x0 x x1 and row offsets
 * r0 r r1 (rows times w), so tap (dx, dy) is at r_dy + x_dx. Neighbourhood kernels write their
 * nine taps out with these: a loop over a run-time index (into a constant weight array too) is
 * emulated per lane on software adapters.
 */
struct Neighbourhood {
  x0: u32,
  x: u32,
  x1: u32,
  r0: u32,
  r: u32,
  r1: u32,
}

fn neighbourhood(i: u32, w: u32, h: u32) -> Neighbourhood {
  let x = i % w;
  let y = i / w;
  return Neighbourhood(max(x, 1u) - 1u, x, min(x + 1u, w - 1u), (max(y, 1u) - 1u) * w, y * w, min(y + 1u, h - 1u) * w);
}
