import type { ComponentType } from 'react';
import { BookmarkIcon, DumbbellIcon, ExploreIcon, HeartIcon, HomeIcon, UserIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';

export interface NavItem {
  label: string;
  /** A shorter label for the phone tab bar. */
  short: string;
  to: (username: string) => string;
  Icon: ComponentType<{ size?: number }>;
}

/** SPEC §2's left navigation, in its order; the phone tab bar shows the same places. */
export const navItems: NavItem[] = [
  { label: 'Home', short: 'Home', to: () => paths.home, Icon: HomeIcon },
  { label: 'Explore', short: 'Explore', to: () => paths.explore, Icon: ExploreIcon },
  { label: 'Liked posts', short: 'Liked', to: () => paths.likedPosts, Icon: HeartIcon },
  { label: 'Bookmarks', short: 'Bookmarks', to: () => paths.bookmarks, Icon: BookmarkIcon },
  { label: 'Log workout', short: 'Log', to: () => paths.logWorkout, Icon: DumbbellIcon },
  { label: 'Profile', short: 'Profile', to: (username) => paths.profile(username), Icon: UserIcon },
];
