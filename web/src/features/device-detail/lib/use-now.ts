/** The ticking clock, shared with the Alarm Center (src/lib/use-now.ts). */
export { useNow } from '@/lib/use-now';
