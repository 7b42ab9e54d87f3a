import { css } from 'lit';
import { sharedStyles } from '../../styles/shared.styles.js';

export const handoffPanelStyles = [
  sharedStyles,
  css`
    :host {
      display: block;
    }
    p {
      margin: 0.35rem 0;
      color: var(--gc-muted);
      font-size: 0.78rem;
    }
    .receiver {
      color: var(--gc-text);
    }
    fieldset {
      display: flex;
      flex-wrap: wrap;
      gap: 0.2rem 0.8rem;
      margin: 0.4rem 0 0.55rem;
      padding: 0;
      border: 0;
    }
    legend {
      padding: 0;
      margin-bottom: 0.2rem;
      color: var(--gc-muted);
      font-size: 0.75rem;
    }
    label {
      display: flex;
      align-items: center;
      gap: 0.3rem;
      font-size: 0.82rem;
    }
    label.off {
      color: var(--gc-faint);
    }
    .address {
      display: block;
      margin-top: 0.35rem;
      color: var(--gc-faint);
      font: 0.7rem/1.35 var(--gc-font-mono);
      word-break: break-all;
      user-select: all;
    }
    .error {
      color: var(--gc-bad);
    }
  `,
];
