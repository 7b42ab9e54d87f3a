// histogram: 256 bins of tone >> 4 over a tone plane.
//
// in tone u16 0..4095 (count values); out u32[256] counts (<= count <= 2^24).
// On the GPU workgroup histograms merge with atomics; counts are exact either way.
//
// GPU: one invocation per sample counts into a workgroup histogram (atomicAdd on workgroup
// memory), then each workgroup adds its non-zero bins to the global one (atomicAdd on storage).
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
  let i = flatIndex(wid, nwg, lid);
  if (i < frame.samples) {
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
