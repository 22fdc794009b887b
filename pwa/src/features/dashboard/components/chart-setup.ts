import { ArcElement, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

// Chart.js is tree-shaken: register only what the dashboard's bar and doughnut charts use.
Chart.register(ArcElement, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export const LAST_YEAR_COLOUR = '#9e9e9e';
export const THIS_YEAR_COLOUR = '#1f4e79';
