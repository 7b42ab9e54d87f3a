import { css } from 'lit';
import { sharedStyles } from '../../styles/shared.styles.js';

export const transportStyles = [
  sharedStyles,
  css`
    :host {
      display: flex;
      align-items: center;
      gap: 0.7rem;
      padding: 0.45rem 0.7rem;
      border: 1px solid var(--gc-line);
      border-radius: 8px;
      background: var(--gc-panel);
    }
    input[type='range'] {
      flex: 1;
      min-width: 0;
    }
    .time {
      min-width: 6.5em;
      white-space: nowrap;
      color: var(--gc-muted);
      font-size: 0.8rem;
      text-align: right;
    }
    label {
      display: flex;
      align-items: center;
      gap: 0.35rem;
      font-size: 0.84rem;
    }
    button.play {
      min-width: 5.2em;
    }
  `,
];
