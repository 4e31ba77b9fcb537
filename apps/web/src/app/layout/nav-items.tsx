import type { ComponentType } from 'react';
import { BookmarkIcon, DumbbellIcon, ExploreIcon, HeartIcon, HomeIcon, UserIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';

export interface NavItem {
  label: string;
  /** A shorter label for the phone tab bar (each shown whole at 320 px). */
  short: string;
  to: (username: string) => string;
  Icon: ComponentType<{ size?: number }>;
  /** Where a phone shows it (issue 47): one of the tab bar's five places, or in the "More" sheet. */
  phone: 'tab' | 'more';
}

/** SPEC §2's left navigation, in its order; the phone shows the same places in its tab bar and "More" sheet. */
export const navItems: NavItem[] = [
  { label: 'Home', short: 'Home', to: () => paths.home, Icon: HomeIcon, phone: 'tab' },
  { label: 'Explore', short: 'Explore', to: () => paths.explore, Icon: ExploreIcon, phone: 'tab' },
  { label: 'Liked posts', short: 'Liked', to: () => paths.likedPosts, Icon: HeartIcon, phone: 'more' },
  { label: 'Bookmarks', short: 'Bookmarks', to: () => paths.bookmarks, Icon: BookmarkIcon, phone: 'more' },
  { label: 'Log workout', short: 'Log', to: () => paths.logWorkout, Icon: DumbbellIcon, phone: 'tab' },
  { label: 'Profile', short: 'Profile', to: (username) => paths.profile(username), Icon: UserIcon, phone: 'tab' },
];
