// histogram: 256 bins of tone >> 4 over a tone plane.
//
// in tone u16 0..4095 (count values); out u32[256] counts (<= count <= 2^24).
// On the GPU workgroup histograms merge with atomics; counts are exact either way.
//
// GPU: a few workgroups (at most HISTOGRAM_GROUPS, from engine/gpu/record-frame.ts) stride over the samples, counting into a workgroup histogram (atomicAdd on
// workgroup memory); then each adds its non-zero bins to the global one (atomicAdd on storage),
// so the zeroing and merging of 256 bins is paid per workgroup, not per 64 samples.
// The executor clears the global histogram in the same command buffer before this pass.

@group(1) @binding(0) var<storage, read> tone: array<u32>;
@group(1) @binding(1) var<storage, read_write> hist: array<atomic<u32>>;

var<workgroup> local: array<atomic<u32>, HISTOGRAM_BINS>;

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  for (var b = lid.x; b < HISTOGRAM_BINS; b += WORKGROUP_SIZE) {
    atomicStore(&local[b], 0u);
  }
  workgroupBarrier();
  let stride = nwg.x * WORKGROUP_SIZE;
  for (var i = wid.x * WORKGROUP_SIZE + lid.x; i < frame.samples; i += stride) {
    atomicAdd(&local[tone[i] >> 4u], 1u);
  }
  workgroupBarrier();
  for (var b = lid.x; b < HISTOGRAM_BINS; b += WORKGROUP_SIZE) {
    let n = atomicLoad(&local[b]);
    if (n > 0u) {
      atomicAdd(&hist[b], n);
    }
  }
}
