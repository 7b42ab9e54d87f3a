import { css } from 'lit';
import { sharedStyles } from '../../styles/shared.styles.js';

export const paramPanelStyles = [
  sharedStyles,
  css`
    :host {
      display: block;
    }
    .presets {
      display: grid;
      grid-template-columns: repeat(3, 1fr);
      gap: 0.35rem;
      margin-bottom: 0.5rem;
    }
    .presets button {
      font-size: 0.8rem;
      padding: 0 0.4em;
    }
    .preset-note {
      margin: 0 0 0.9rem;
      color: var(--gc-muted);
      font-size: 0.75rem;
      min-height: 1.1em;
    }
    details.advanced {
      margin-top: 0.4rem;
    }
    details.advanced > summary {
      cursor: pointer;
      padding: 0.45rem 0.2rem;
      color: var(--gc-muted);
      font-weight: 600;
    }
    details.advanced > summary:focus-visible {
      outline: 2px solid var(--gc-focus);
      outline-offset: 2px;
    }
    h3 {
      margin: 0.4rem 0 0.4rem;
      font-size: 0.72rem;
      font-weight: 600;
      letter-spacing: 0.08em;
      text-transform: uppercase;
      color: var(--gc-muted);
    }
    fieldset {
      margin: 0 0 0.6rem;
      padding: 0.2rem 0.9rem 0.4rem;
      border: 1px solid var(--gc-line);
      border-radius: 8px;
      background: var(--gc-panel);
    }
    legend {
      padding: 0 0.35rem;
      font-size: 0.72rem;
      font-weight: 600;
      letter-spacing: 0.08em;
      text-transform: uppercase;
      color: var(--gc-muted);
    }
    gc-param-field + gc-param-field {
      border-top: 1px solid var(--gc-line);
    }
    .top {
      display: flex;
      align-items: center;
      justify-content: space-between;
      margin-bottom: 0.5rem;
    }
    .reset-all {
      width: auto;
      padding: 0 0.4em;
      font-size: 0.78rem;
    }
    .top h2 {
      margin: 0;
    }
  `,
];
