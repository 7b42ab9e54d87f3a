import { css } from 'lit';
import { sharedStyles } from '../../styles/shared.styles.js';

export const hudStyles = [
  sharedStyles,
  css`
    :host {
      display: block;
      pointer-events: none;
    }
    dl {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25rem 0.9rem;
      margin: 0;
      padding: 0.35rem 0.6rem;
      border: 1px solid rgba(255, 255, 255, 0.08);
      border-radius: 6px;
      background: rgba(8, 11, 14, 0.78);
      backdrop-filter: blur(6px);
      font-family: var(--gc-font-mono);
      font-size: 0.72rem;
    }
    div {
      display: flex;
      gap: 0.35em;
    }
    dt {
      color: var(--gc-faint);
    }
    dd {
      margin: 0;
      color: var(--gc-text);
      font-variant-numeric: tabular-nums;
    }
    .rendering dd {
      color: var(--gc-accent);
    }
  `,
];
