/* symtest.h: the shared library's interface (fixture for symbolication tests). */
#ifndef SYMTEST_H
#define SYMTEST_H
double shape_area(int kind, double a, double b);
double scale(double x);
#endif
