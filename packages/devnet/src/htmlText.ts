/** Text made safe to put inside HTML (the local stack's small pages). */
export const htmlText = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
