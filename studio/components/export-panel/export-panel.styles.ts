import { css } from 'lit';
import { sharedStyles } from '../../styles/shared.styles.js';

export const exportPanelStyles = [
  sharedStyles,
  css`
    :host {
      display: block;
    }
    .formats {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(min(100%, 6.5rem), 1fr));
      gap: 0.35rem;
    }
    .formats button {
      flex-direction: column;
      gap: 0;
      min-height: 40px;
      line-height: 1.15;
    }
    .formats small {
      color: var(--gc-faint);
      font-size: 0.68rem;
    }
    .row {
      display: flex;
      flex-wrap: wrap;
      gap: 0.35rem;
      margin-top: 0.55rem;
    }
    .rec {
      color: #fca5a5;
    }
    p {
      margin: 0.5rem 0 0;
      min-height: 1.2em;
      color: var(--gc-muted);
      font-size: 0.78rem;
    }
  `,
];
