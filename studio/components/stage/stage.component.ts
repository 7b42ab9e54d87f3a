import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { CellGrid, DeviceGrid } from '../../../engine/index.js';
import { artLabel } from '../../../engine/index.js';
import type { GpuState } from '../../controllers/gpu-device-controller.js';
import { ResizeController } from '../../controllers/resize-controller.js';
import { CanvasGridPainter } from '../../render/canvas-grid-painter.js';
import { type CellMetrics, measureCell } from '../../render/cell-metrics.js';
import { GpuGridPainter } from '../../render/gpu-grid-painter.js';
import { type GridPainter, isDeviceGrid, type PainterKind, type PaintStyle } from '../../render/grid-painter.js';
import { imageAddress } from '../../sources/image-address.js';
import type { DrawMode } from '../../state/url-state.js';
import type { UrlDetail } from '../source-bar/source-bar.component.js';
import { stageStyles } from './stage.styles.js';

/** Detail of `gc-files`. */
export interface FilesDetail {
  readonly files: readonly File[];
}

/** The largest glyphs the stage draws, in CSS pixels: beyond this, few columns look like a toy. */
const MAX_FONT_PX = 28;
/** Font sizes are snapped to this many steps per pixel, so small resizes reuse the atlas. */
const FONT_STEPS = 4;
/** "Actual size": glyphs at a reading size, in CSS pixels (the stage scrolls). */
const ACTUAL_FONT_PX = 13;
/** Canvas sides stay under this many device pixels (browsers refuse larger canvases). */
const MAX_CANVAS_PX = 16_384;

/**
 * The live view: the grid drawn on a canvas, fitted to the available space or, with the
 * "Actual size" button, at a reading size in a scrolling view; with WebGPU when a device is
 * given (GpuGridPainter) and Canvas 2D otherwise (after device loss, or when `draw` is
 * `canvas2d`). Accepts dropped files.
 *
 * @fires gc-files - `FilesDetail`, when files are dropped on the stage.
 * @fires gc-url - `UrlDetail`, when an image's address is dropped (dragged from another page).
 * @fires gc-painter-change - when the painter kind changes (detail: 'webgpu' | 'canvas2d').
 * @fires gc-draw-timed - when a GPU time of the draw pass was measured (see drawGpuMs).
 * @fires gc-draw-failed - detail: the message, when drawing with WebGPU threw (set `draw` to `canvas2d`).
 * @slot hud - overlay in the top-left corner (the performance HUD).
 * @slot monitor - a column on the right, beside the art (the source video); set `monitor` to show it.
 * @slot empty - shown before the first frame.
 * @csspart canvas - the canvas the grid is drawn on.
 * @attr dragging - reflected while files are dragged over the stage.
 * @attr monitor - reserves the right-hand column for the monitor slot.
 * @attr draw - `auto` (default), `webgpu` or `canvas2d`.
 * @attr fullscreen - reflected while the stage fills the screen.
 */
export class Stage extends LitElement {
  static override styles = stageStyles;
  static override properties = {
    gpu: { attribute: false },
    draw: { type: String },
    dragging: { type: Boolean, reflect: true },
    monitor: { type: Boolean, reflect: true },
    hasFrame: { state: true },
    actualSize: { type: Boolean, reflect: true, attribute: 'actual-size' },
    fullscreen: { type: Boolean, reflect: true },
  };

  declare gpu: GpuState;
  /** `auto`: WebGPU when a device is ready; `canvas2d` always draws with Canvas 2D. */
  declare draw: DrawMode;
  declare dragging: boolean;
  declare monitor: boolean;
  declare hasFrame: boolean;
  /** Glyphs at ACTUAL_FONT_PX, scrolled, instead of fitted. */
  declare actualSize: boolean;
  /** The stage fills the screen (its "Full screen" button; Esc leaves). */
  declare fullscreen: boolean;

  private painter: GridPainter | null = null;
  private grid: CellGrid | DeviceGrid | null = null;
  private paintStyle: PaintStyle = { color: false, mono: [229, 229, 229], light: false };
  /** The cell measured at 100 px, for fitting (measured on first use, once the font is loaded). */
  private unitCell: CellMetrics | null = null;
  private readonly resize = new ResizeController(this, () => this.repaint());
  /** Keeps the picture below the HUD, however many lines it wraps onto (`--hud-bottom`). */
  private readonly hudSize = new ResizeObserver(([entry]) => {
    const hud = entry?.target as HTMLElement | undefined;
    this.style.setProperty('--hud-bottom', `${hud ? hud.offsetTop + hud.offsetHeight : 0}px`);
  });

  constructor() {
    super();
    this.gpu = { status: 'pending' };
    this.draw = 'auto';
    this.dragging = false;
    this.monitor = false;
    this.hasFrame = false;
    this.actualSize = false;
    this.fullscreen = false;
  }

  get painterKind(): PainterKind {
    return this.gpu.status === 'ready' && this.draw !== 'canvas2d' ? 'webgpu' : 'canvas2d';
  }

  /** GPU time of the last measured draw, or null. */
  get drawGpuMs(): number | null {
    return this.painter?.gpuMs ?? null;
  }

  /** Whether the painter draws frames the GPU executor left on the device (the WebGPU painter). */
  get drawsFromDevice(): boolean {
    return this.painter?.paintDevice !== undefined;
  }

  /**
   * Draws a grid now (called for every frame; allocates only when sizes change): a CellGrid, or
   * a frame on the GPU where `drawsFromDevice`.
   */
  paint(grid: CellGrid | DeviceGrid, style: PaintStyle): void {
    // The canvas label names the grid size: update it only when the size changes, not per frame.
    if (grid.columns !== this.grid?.columns || grid.rows !== this.grid?.rows) this.requestUpdate();
    this.grid = grid;
    this.paintStyle = style;
    if (!this.hasFrame) this.hasFrame = true;
    this.repaint();
  }

  /** Forgets the current frame (a new source is loading). */
  clear(): void {
    this.grid = null;
    this.hasFrame = false;
  }

  protected override render() {
    const label = this.grid ? artLabel(this.grid) : 'ASCII art (nothing loaded yet)';
    return html`
      <div
        class="viewport"
        role=${this.actualSize ? 'region' : nothing}
        aria-label=${this.actualSize ? 'The art at actual size (scrolls)' : nothing}
        tabindex=${this.actualSize ? '0' : nothing}
      >
        ${keyed(
          this.painterKind,
          html`<canvas part="canvas" role="img" aria-label=${label} ?hidden=${!this.hasFrame}></canvas>`,
        )}
      </div>
      <div class="tools" ?hidden=${!this.hasFrame}>
        <button
          aria-pressed=${String(this.actualSize)}
          title=${this.actualSize ? 'Fit the art to the stage' : 'Show the glyphs at a reading size; the stage scrolls'}
          @click=${() => {
            this.actualSize = !this.actualSize;
          }}
        >
          Actual size
        </button>
        ${
          document.fullscreenEnabled
            ? html`<button aria-pressed=${String(this.fullscreen)} title="Esc leaves full screen" @click=${this.toggleFullscreen}>
                Full screen
              </button>`
            : nothing
        }
      </div>
      <div class="drop-hint" aria-hidden="true">Drop to render</div>
      ${this.hasFrame ? '' : html`<slot name="empty"></slot>`}
      <slot name="hud" @slotchange=${this.onHudSlot}></slot>
      <slot name="monitor"></slot>
    `;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('fullscreenchange', this.onFullscreenChange);
    this.addEventListener('dragover', this.onDragOver);
    this.addEventListener('dragleave', this.onDragLeave);
    this.addEventListener('drop', this.onDrop);
    this.addEventListener('focus', this.onFocus);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('fullscreenchange', this.onFullscreenChange);
    this.removeEventListener('dragover', this.onDragOver);
    this.removeEventListener('dragleave', this.onDragLeave);
    this.removeEventListener('drop', this.onDrop);
    this.removeEventListener('focus', this.onFocus);
    this.hudSize.disconnect();
    this.painter?.dispose();
    this.painter = null;
  }

  /**
   * The stage itself focused (Skip to the picture) at actual size: the scrolling view takes the
   * focus, so the arrow keys scroll the art at once.
   */
  private readonly onFocus = (event: FocusEvent): void => {
    if (!this.actualSize || event.target !== this) return;
    this.renderRoot.querySelector<HTMLElement>('.viewport')?.focus();
  };

  private readonly onHudSlot = (event: Event): void => {
    this.hudSize.disconnect();
    for (const hud of (event.target as HTMLSlotElement).assignedElements()) this.hudSize.observe(hud);
  };

  protected override updated(changed: PropertyValues<this>): void {
    const viewport = this.renderRoot.querySelector('.viewport') as HTMLElement;
    this.resize.observe(viewport);
    if (changed.has('actualSize')) this.repaint();
    const canvas = this.renderRoot.querySelector('canvas') as HTMLCanvasElement;
    if (changed.has('gpu') || changed.has('draw') || !this.painter || this.painterCanvas !== canvas) {
      this.painter?.dispose();
      this.painterCanvas = canvas;
      this.painter =
        this.gpu.status === 'ready' && this.painterKind === 'webgpu'
          ? new GpuGridPainter(this.gpu.device, canvas, () => this.dispatchEvent(new Event('gc-draw-timed')))
          : new CanvasGridPainter(canvas, () => this.repaint());
      this.dispatchEvent(new CustomEvent('gc-painter-change', { detail: this.painter.kind }));
    }
    this.repaint();
  }

  private painterCanvas: HTMLCanvasElement | null = null;

  private repaint(): void {
    const grid = this.grid;
    const painter = this.painter;
    const canvas = this.painterCanvas;
    if (!grid || !painter || !canvas || this.resize.width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    this.unitCell ??= measureCell(100);
    const cellWidth = this.unitCell.width / 100;
    const cellHeight = this.unitCell.height / 100;
    const fit = this.actualSize
      ? Math.min(
          ACTUAL_FONT_PX,
          MAX_CANVAS_PX / dpr / (grid.columns * cellWidth),
          MAX_CANVAS_PX / dpr / (grid.rows * cellHeight),
        )
      : Math.min(
          this.resize.width / (grid.columns * cellWidth),
          this.resize.height / (grid.rows * cellHeight),
          MAX_FONT_PX,
        );
    const fontPx = Math.max(1, Math.floor(fit * dpr * FONT_STEPS) / FONT_STEPS);
    try {
      if (!isDeviceGrid(grid)) painter.paint(grid, this.paintStyle, fontPx);
      // a frame on the GPU: drawn while it is there (a painter switched to Canvas 2D waits for the next)
      else painter.paintDevice?.(grid, this.paintStyle, fontPx);
    } catch (err) {
      // a WebGPU canvas that cannot take the frame: the host switches the stage to Canvas 2D
      if (painter.kind !== 'webgpu') throw err;
      this.dispatchEvent(
        new CustomEvent<string>('gc-draw-failed', { detail: (err as Error).message, bubbles: true, composed: true }),
      );
      return;
    }
    const cssWidth = `${canvas.width / dpr}px`;
    const cssHeight = `${canvas.height / dpr}px`;
    if (canvas.style.width !== cssWidth) canvas.style.width = cssWidth;
    if (canvas.style.height !== cssHeight) canvas.style.height = cssHeight;
  }

  private readonly toggleFullscreen = (): void => {
    if (this.fullscreen) void document.exitFullscreen();
    else void this.requestFullscreen().catch(() => {});
  };

  /** The element in full screen, as this stage's own tree sees it (a document sees the shadow host). */
  private readonly onFullscreenChange = (): void => {
    this.fullscreen = (this.getRootNode() as Document | ShadowRoot).fullscreenElement === this;
  };

  private readonly onDragOver = (e: DragEvent): void => {
    const types = e.dataTransfer?.types ?? [];
    if (!e.dataTransfer || !(types.includes('Files') || types.includes('text/uri-list'))) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    this.dragging = true;
  };

  private readonly onDragLeave = (e: DragEvent): void => {
    if (e.relatedTarget && this.contains(e.relatedTarget as Node)) return;
    this.dragging = false;
  };

  private readonly onDrop = (e: DragEvent): void => {
    e.preventDefault();
    this.dragging = false;
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length > 0) {
      this.dispatchEvent(
        new CustomEvent<FilesDetail>('gc-files', { detail: { files }, bubbles: true, composed: true }),
      );
      return;
    }
    // an image dragged from another page may come as its address only
    const url = imageAddress(e.dataTransfer?.getData('text/uri-list') ?? '');
    if (url)
      this.dispatchEvent(new CustomEvent<UrlDetail>('gc-url', { detail: { url }, bubbles: true, composed: true }));
  };
}
