// dither: Floyd-Steinberg error diffusion of the cell tone error, in raster order.
//
// Each cell is matched with its incoming error added to every target (match-cell `shift`),
// then err = (mean + shift) - coverage(chosen), clamped to +-densest (a codebook without the
// darkest or brightest tone would otherwise let the error grow without bound), goes 7/16
// right, 3/16 down-left, 5/16 down, 1/16 down-right, each as (err * w) >> 4 (floor, both
// twins). Incoming error is at most 2 densest < 2^14, so the products are < 2^17. Serial by
// nature; on the GPU a row wavefront gives the same output (cell (r, c) at step c + 2 r, see
// shaders/dither.wgsl; the measurement behind the choice is in engine/gpu/README.md).
// out: u8 table index per cell.
//
// GPU: two entry points with the same output, both over the same error planes in `err`
// (i32, cleared before the pass): err[i] is what cell i receives from its left neighbour,
// err[cells + i] what it receives from the row above (three contributions, added one at a
// time by the single invocation that owns that row above). Integer sums do not depend on the
// order of the additions, so any schedule that respects the dependencies gives the CPU's result.
//
//   serial     one invocation walks the grid in raster order, as the CPU twin does.
//   wavefront  one workgroup; cell (r, c) runs at step t = c + 2 r. Its inputs come from
//              (r, c - 1) at t - 1 and (r - 1, c - 1 .. c + 1) at t - 3 .. t - 1, so every cell
//              of a step is independent; a barrier separates steps. Thread j owns the rows
//              r = j mod WORKGROUP_SIZE, so each row's writes into the next row are serial.
//              columns + 2 (rows - 1) steps instead of columns x rows cell times.
// The executor uses the wavefront; engine/gpu/README.md has the measurement behind the choice.

@group(1) @binding(0) var<storage, read> cellData: array<i32>;
@group(1) @binding(1) var<storage, read> book: array<u32>;
@group(1) @binding(2) var<storage, read> prevGlyphs: array<u32>;
@group(1) @binding(3) var<storage, read_write> glyphsOut: array<u32>;
@group(1) @binding(4) var<storage, read_write> err: array<i32>;

fn ditherCell(r: u32, c: u32) {
  let columns = frame.columns;
  let cells = frame.cells;
  let i = r * columns + c;
  let shift = err[i] + err[cells + i];
  var prev = -1;
  if (frame.usePrevGlyphs != 0u) {
    prev = i32(prevGlyphs[i]);
  }
  let g = matchCell(i * CELL_STRIDE, shift, prev);
  glyphsOut[i] = g;
  let densest = i32(frame.densest);
  let e = clamp(cellData[i * CELL_STRIDE + CELL_MEAN] + shift - coverageOf(g), -densest, densest);
  if (c + 1u < columns) {
    err[i + 1u] = (e * FS_RIGHT) >> 4u;
  }
  if (r + 1u < frame.rows) {
    let below = cells + i + columns;
    if (c > 0u) {
      err[below - 1u] += (e * FS_DOWN_LEFT) >> 4u;
    }
    err[below] += (e * FS_DOWN) >> 4u;
    if (c + 1u < columns) {
      err[below + 1u] += (e * FS_DOWN_RIGHT) >> 4u;
    }
  }
}

@compute @workgroup_size(1)
fn serial() {
  for (var r = 0u; r < frame.rows; r++) {
    for (var c = 0u; c < frame.columns; c++) {
      ditherCell(r, c);
    }
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn wavefront(@builtin(local_invocation_id) lid: vec3u) {
  let columns = frame.columns;
  let rows = frame.rows;
  let steps = columns + 2u * (rows - 1u);
  for (var t = 0u; t < steps; t++) {
    // rows active at step t: c = t - 2 r in [0, columns)
    let first = select(0u, (t + 2u - columns) / 2u, t + 1u > columns);
    let last = min(rows - 1u, t / 2u);
    var r = first + (lid.x + WORKGROUP_SIZE - first % WORKGROUP_SIZE) % WORKGROUP_SIZE;
    for (; r <= last; r += WORKGROUP_SIZE) {
      ditherCell(r, t - 2u * r);
    }
    storageBarrier();
    workgroupBarrier();
  }
}
