// Whether text parses as JSON — how the property checks keep "not JSON" inputs honest.
export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
