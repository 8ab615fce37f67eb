/** "123456789012" → ["1234", "5678", "9012"]: a PIN read out, or typed in, four characters at a time. */
export const pinGroups = (pin: string) => pin.replace(/\s+/g, "").match(/.{1,4}/g) ?? [];
