// Temperatures: stored in °C, shown in °C and °F to one decimal (what a thermometer shows).

export function celsiusFromFahrenheit(f: number): number {
  return ((f - 32) * 5) / 9;
}

function oneDecimal(v: number): number {
  return Math.round(v * 10) / 10;
}

/** The reading in °C to one decimal, as the API shows it. */
export function shownCelsius(c: number): number {
  return oneDecimal(c);
}

/** The same reading in °F to one decimal: a reading sent in °F reads back as sent. */
export function shownFahrenheit(c: number): number {
  return oneDecimal((c * 9) / 5 + 32);
}
