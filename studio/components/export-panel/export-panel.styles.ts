import { css } from 'lit';
import { sharedStyles } from '../../styles/shared.styles.js';

export const exportPanelStyles = [
  sharedStyles,
  css`
    :host {
      display: block;
      container-type: inline-size;
    }
    /* six formats in rows of 2, 3 or 6 as the panel's width allows: never 5 and one alone */
    .formats {
      display: grid;
      grid-template-columns: repeat(2, minmax(0, 1fr));
      gap: 0.35rem;
    }
    @container (min-width: 20rem) {
      .formats {
        grid-template-columns: repeat(3, minmax(0, 1fr));
      }
    }
    @container (min-width: 42rem) {
      .formats {
        grid-template-columns: repeat(6, minmax(0, 1fr));
      }
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
    /* busy, keeping the focus (aria-disabled, not disabled) */
    button[aria-disabled='true'] {
      opacity: 0.7;
      cursor: progress;
    }
    p {
      margin: 0.5rem 0 0;
      min-height: 1.2em;
      color: var(--gc-muted);
      font-size: 0.78rem;
    }
  `,
];
