import { Container } from '@mantine/core';
import classes from './course-home-skeleton.module.css';

/** Shown while /course's school lookup and the role's sections are on their way (the page's shape, greyed). */
export function CourseHomeSkeleton() {
  return (
    <Container size="lg" py="md" aria-busy="true" aria-label="正在加载">
      <div className={classes.block} style={{ height: 32, width: '40%' }} />
      <div className={classes.block} style={{ height: 16, width: '25%', marginTop: 10 }} />
      <div className={classes.cards}>
        <div className={classes.block} style={{ height: 64 }} />
        <div className={classes.block} style={{ height: 64 }} />
        <div className={classes.block} style={{ height: 64 }} />
      </div>
      <div className={classes.halves}>
        <div className={classes.block} style={{ height: 180 }} />
        <div className={classes.block} style={{ height: 180 }} />
      </div>
      <div className={classes.block} style={{ height: 220, marginTop: 'var(--mantine-spacing-lg)' }} />
    </Container>
  );
}
