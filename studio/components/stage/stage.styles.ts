import { css } from 'lit';
import { narrowWindow, sharedStyles } from '../../styles/shared.styles.js';

export const stageStyles = [
  sharedStyles,
  css`
    :host {
      position: relative;
      display: block;
      min-height: 0;
      background: #000;
      border: 1px solid var(--gc-line);
      border-radius: 10px;
      overflow: hidden;
    }
    /* below the HUD, which wraps (the stage sets --hud-bottom), and clear of the tools */
    .viewport {
      position: absolute;
      inset: max(46px, calc(var(--hud-bottom, 0px) + 8px)) 18px 18px;
      display: grid;
      place-items: center;
    }
    :host([monitor]) .viewport {
      right: 168px;
    }
    /* actual size: the art keeps its size, centred while it fits, and the viewport scrolls */
    :host([actual-size]) .viewport {
      overflow: auto;
      place-items: safe center;
    }
    .tools {
      position: absolute;
      top: 10px;
      right: 10px;
      display: flex;
      gap: 0.35rem;
    }
    .tools button {
      padding: 0.25rem 0.6rem;
      font-size: 0.75rem;
    }
    .tools[hidden] {
      display: none;
    }
    :host([fullscreen]) {
      border: none;
      border-radius: 0;
    }
    canvas {
      display: block;
      image-rendering: auto;
    }
    canvas[hidden] {
      display: none;
    }
    :host([dragging]) {
      border-color: var(--gc-accent);
      box-shadow: inset 0 0 0 2px var(--gc-accent);
    }
    .drop-hint {
      position: absolute;
      inset: 0;
      display: none;
      place-items: center;
      background: rgba(4, 32, 28, 0.72);
      color: var(--gc-accent);
      font-size: 1.1rem;
      font-weight: 600;
      pointer-events: none;
    }
    :host([dragging]) .drop-hint {
      display: grid;
      z-index: 1;
    }
    /* the hint replaces the empty stage's own words, rather than being read through them */
    :host([dragging]) ::slotted([slot='empty']) {
      visibility: hidden;
    }
    ::slotted([slot='hud']) {
      position: absolute;
      top: 10px;
      left: 10px;
      /* leaves the top right corner to the tools (Actual size, Full screen) */
      max-width: calc(100% - 190px);
    }
    ::slotted([slot='monitor']) {
      position: absolute;
      top: 46px;
      right: 10px;
    }
    ::slotted([slot='empty']) {
      position: absolute;
      inset: 0;
    }
    /* phones: the HUD wraps onto two lines, and the source monitor moves to the bottom right
       (a strip the picture of a landscape stream never needs there), so neither covers the art */
    @media ${narrowWindow} {
      .viewport {
        inset: max(64px, calc(var(--hud-bottom, 0px) + 8px)) 10px 44px;
      }
      ::slotted([slot='hud']) {
        max-width: calc(100% - 20px);
      }
      .tools {
        top: auto;
        right: auto;
        bottom: 8px;
        left: 10px;
      }
      :host([monitor]) .viewport {
        right: 10px;
        bottom: 104px;
      }
      ::slotted([slot='monitor']) {
        top: auto;
        bottom: 8px;
        right: 8px;
      }
    }
  `,
];
