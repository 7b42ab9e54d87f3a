import { css, unsafeCSS } from 'lit';
import { sharedStyles } from '../../styles/shared.styles.js';

/** How wide the reason opens (less on a narrower window); the pill decides from it which way it opens. */
export const DETAIL_WIDTH_PX = 416;

export const enginePillStyles = [
  sharedStyles,
  css`
    :host {
      position: relative;
      display: block;
    }
    .pill {
      display: flex;
      align-items: center;
      gap: 0.45rem;
      padding: 0.15rem 0.25rem 0.15rem 0.7rem;
      border: 1px solid var(--gc-line);
      border-radius: 999px;
      color: var(--gc-muted);
      font-size: 0.78rem;
      white-space: nowrap;
    }
    .pill::before {
      content: '';
      width: 7px;
      height: 7px;
      border-radius: 50%;
      background: var(--gc-good);
    }
    :host([fallback]) .pill::before {
      background: var(--gc-warn);
    }
    button.why {
      min-height: 22px;
      padding: 0 0.55em;
      border-radius: 999px;
      color: var(--gc-muted);
      font-size: 0.74rem;
    }
    .detail {
      position: absolute;
      top: calc(100% + 0.4rem);
      right: 0;
      z-index: 20;
      width: min(${unsafeCSS(DETAIL_WIDTH_PX)}px, calc(100vw - 32px));
      margin: 0;
      padding: 0.6rem 0.8rem;
      border: 1px solid var(--gc-line-strong);
      border-radius: var(--gc-radius);
      background: var(--gc-panel);
      box-shadow: 0 8px 24px rgba(0, 0, 0, 0.45);
      color: var(--gc-text);
      font-size: 0.8rem;
      line-height: 1.45;
      white-space: normal;
      list-style: none;
    }
    .detail li + li {
      margin-top: 0.3rem;
    }
    /* each clause reads as a sentence of its own */
    .detail li::first-letter {
      text-transform: uppercase;
    }
    .detail[hidden] {
      display: none;
    }
    /* the header wrapped and the pill starts a row: no room to its left */
    .detail.right {
      right: auto;
      left: 0;
    }
  `,
];
